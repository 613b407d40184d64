import { errorMessage } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { notify } from "@client/lib/notify";
import { Button, CopyButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MSG } from "@shared/messages";
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useCalendarSettings, useListingConsent, useRenewCalendarToken } from "../api/use-calendar";

/**
 * Profile → Calendar (DESIGN.md §18): the private feed's address with Copy and Renew (the token is
 * stored only as a hash, so the address is shown when it is made; renewing makes a new one and
 * the old stops working), and for a student the consent to their name on public defenses.
 */
export function CalendarCard() {
  const user = useUser();
  const settings = useCalendarSettings();
  const renew = useRenewCalendarToken();
  const consent = useListingConsent();
  const [url, setUrl] = useState<string | null>(null);
  const hasFeed = !!url || !!settings.data?.hasFeed;

  const make = () =>
    renew.mutate(undefined, {
      onSuccess: (r) => {
        setUrl(r.url);
        if (hasFeed) notify.success(MSG.calendarFeedRenewed);
      },
      onError: (e) => notify.error(errorMessage(e, MSG.calendarFeedFailed)),
    });
  const askRenew = () =>
    modals.openConfirmModal({
      title: MSG.calendarFeedRenewTitle,
      centered: true,
      children: <Text size="sm">{MSG.calendarFeedRenewBody}</Text>,
      labels: { confirm: MSG.calendarFeedRenew, cancel: "Cancel" },
      onConfirm: make,
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Calendar
        </Title>
        <Text size="sm" c="dimmed">
          {MSG.calendarFeedHelp}
        </Text>
        {url ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={MSG.calendarFeedTitle}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: "1 1 16rem", minWidth: 0 }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={() => {
                    copy();
                    notify.success(MSG.calendarFeedCopied);
                  }}
                >
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          hasFeed && (
            <Text size="sm">
              You have a calendar link. It is shown only when made: renew it to see and copy a new one.
            </Text>
          )
        )}
        {!settings.isPending && (
          <Group>
            {hasFeed ? (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={renew.isPending}
                onClick={askRenew}
              >
                {MSG.calendarFeedRenew}
              </Button>
            ) : (
              <Button leftSection={<IconCalendarPlus size={16} />} loading={renew.isPending} onClick={make}>
                {MSG.calendarFeedCreate}
              </Button>
            )}
          </Group>
        )}
        {user.role === "student" && (
          <Switch
            mt="sm"
            label={MSG.listingConsentLabel}
            description={MSG.listingConsentHelp}
            checked={settings.data?.showNameOnPublicDefenses ?? false}
            disabled={!settings.data || consent.isPending}
            onChange={(e) =>
              consent.mutate(e.currentTarget.checked, {
                onSuccess: (s) =>
                  notify.success(s.showNameOnPublicDefenses ? MSG.listingConsentOn : MSG.listingConsentOff),
                onError: (err) => notify.error(errorMessage(err, MSG.listingConsentFailed)),
              })
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
