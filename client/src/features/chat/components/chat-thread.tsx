import { EmptyState } from "@client/components/empty-state";
import { UserAvatar } from "@client/components/user-avatar";
import { errorMessage } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { DateText } from "@client/lib/dates";
import { growingText } from "@client/lib/forms";
import { notify } from "@client/lib/notify";
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, Textarea } from "@mantine/core";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { ChatMessage } from "@shared/schemas/chat";
import { IconMessageCircle, IconSend } from "@tabler/icons-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useChatMessages, useMarkThreadRead, useSendMessage } from "../api/use-chat";

function Bubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <Group
      align="flex-start"
      justify={own ? "flex-end" : "flex-start"}
      wrap="nowrap"
      gap="xs"
      data-testid="chat-message"
    >
      {!own && <UserAvatar name={message.author.name} src={message.author.pictureUrl} size="sm" />}
      <Box maw="75%">
        <Group gap={6} justify={own ? "flex-end" : "flex-start"}>
          <Text size="xs" fw={600}>
            {own ? "You" : message.author.name}
            {message.author.role === "supervisor" && !own ? " · Supervisor" : ""}
          </Text>
          <Text size="xs" c="dimmed">
            <DateText iso={message.createdAt} withTime />
          </Text>
        </Group>
        <Paper
          px="sm"
          py={6}
          radius="md"
          bg={own ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-1)"}
          c={own ? "white" : undefined}
        >
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.body}
          </Text>
        </Paper>
      </Box>
    </Group>
  );
}

/**
 * A group's thread: its messages (older ones paged in from the top) over the box to write in. It
 * fills the height its parent gives it (a flex column), the box always at its bottom, so on a phone
 * the box stays on screen however long the thread. What is shown is marked read (the Chat badge).
 */
export function ChatThread({ proposalId }: { proposalId: string }) {
  const user = useUser();
  const query = useChatMessages(proposalId);
  const markRead = useMarkThreadRead(proposalId);
  const send = useSendMessage(proposalId);
  const [draft, setDraft] = useState("");
  const viewport = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);

  const messages = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((p) => p.items) : []),
    [query.data],
  );
  const newestId = messages.at(-1)?.id;

  // The newest message shown is read (once per message, while the tab is looked at).
  const markedId = useRef<string | null>(null);
  useEffect(() => {
    if (!newestId || markedId.current === newestId) return;
    const mark = () => {
      if (document.visibilityState !== "visible" || markedId.current === newestId) return;
      markedId.current = newestId;
      markRead.mutate(newestId);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [newestId, markRead.mutate]);

  // New message at the bottom (or first load): follow it. Older page above: keep the view still.
  // biome-ignore lint/correctness/useExhaustiveDependencies: an older page changes the length, not the newest id
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (newestId) {
      el.scrollTop = el.scrollHeight;
    }
  }, [newestId, messages.length]);

  // Scrolling up to the top pages in older messages.
  useEffect(() => {
    const el = topSentinel.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && query.hasNextPage && !query.isFetchingNextPage) loadOlder();
    });
    io.observe(el);
    return () => io.disconnect();
  });

  function loadOlder() {
    const el = viewport.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void query.fetchNextPage();
  }

  const submit = () => {
    const body = draft.trim();
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => setDraft(""),
      onError: (e) => notify.error(errorMessage(e, MSG.messageNotSent)),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={0}
      style={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 }}
      data-testid="chat-thread"
    >
      <Box
        ref={viewport}
        mih={160}
        p="md"
        style={{ overflowY: "auto", flex: 1 }}
        aria-label="Messages"
        role="log"
        // Scrolled by keyboard too (WCAG 2.1.1): the thread scrolls inside the screen.
        tabIndex={0}
      >
        <div ref={topSentinel} />
        {query.isPending && (
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        )}
        {query.isError && <Alert color="red">The messages could not be loaded.</Alert>}
        {query.hasNextPage && (
          <Center mb="sm">
            <Button variant="subtle" size="xs" onClick={loadOlder} loading={query.isFetchingNextPage}>
              Load older messages
            </Button>
          </Center>
        )}
        {query.isSuccess && messages.length === 0 && (
          <Center h="100%">
            <EmptyState
              icon={IconMessageCircle}
              title="No messages yet"
              description="Say hello to your group."
              framed={false}
              compact
            />
          </Center>
        )}
        <Stack gap="sm">
          {messages.map((m) => (
            <Bubble key={m.id} message={m} own={m.author.id === user.id} />
          ))}
        </Stack>
      </Box>
      <Box
        component="form"
        p="sm"
        style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            label="Message"
            placeholder="Write a message… (Enter to send, Shift+Enter for a new line)"
            {...growingText(1, 6, LIMITS.messageMax)}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            disabled={!draft.trim()}
          >
            Send
          </Button>
        </Group>
        {draft.length > LIMITS.messageMax * 0.9 && (
          <Text size="xs" c="dimmed" ta="right" mt={4}>
            {draft.length.toLocaleString()} / {LIMITS.messageMax.toLocaleString()}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
