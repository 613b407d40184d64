import { ActionModal, actionValueProps, confirming, useActionValue } from "@client/components/action-modal";
import { isApiError } from "@client/lib/api";
import { notify } from "@client/lib/notify";
import { proposalTitle } from "@client/lib/proposal-format";
import { allocationQueries } from "@client/lib/queries/allocation";
import { Loader, Select, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { usePlace } from "../api/use-preferences";
import type { ModalProps } from "./text-step-modal";

const placesLeft = (t: { capacity: number; placed: number }) => Math.max(0, t.capacity - t.placed);

/**
 * The committee places a group the published allocation left unmatched (DESIGN.md §11): a topic of
 * its term, found by title; a full topic cannot be chosen, and a refusal for want of places (the
 * topic's or its supervisor's) is said at the field, the modal left open to choose another.
 */
export function PlaceModal({ proposal: p, opened, onClose }: ModalProps) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const topic = useActionValue<string | null>(null, opened);
  useEffect(() => {
    if (opened) setSearch("");
  }, [opened]);
  const topics = useQuery({
    ...allocationQueries.topics({ termId: p.term.id, q: q || undefined, page: 1, pageSize: 20 }),
    enabled: opened,
  });
  const chosen = topics.data?.items.find((t) => t.id === topic.value);
  const place = usePlace(p.id, {
    fields: ["topicId"],
    onSuccess: (_a, input) => {
      notify.success(MSG.groupPlaced(topics.data?.items.find((t) => t.id === input.topicId)?.title ?? ""));
      onClose();
    },
    onRefused: (e) => {
      if (!isApiError(e)) return;
      if (e.status === 400) topic.setError(e.fields.topicId ?? e.message);
      else if (e.status === 409) topic.setError(e.message);
      else onClose();
    },
  });
  const confirm = () => {
    if (!topic.value) return topic.setError("Choose a topic.");
    place.mutate({ topicId: topic.value });
  };
  const dialog = confirming({ opened, onClose }, place, confirm);
  return (
    <ActionModal {...dialog} title="Place this group?" confirmLabel="Place group">
      <Text size="sm">
        “{proposalTitle(p)}” becomes Pending with the topic's supervisor and research cell; the group and the
        supervisor are told.
      </Text>
      <Select
        label="Topic"
        required
        placeholder="Search topics by title"
        data={(topics.data?.items ?? []).map((t) => ({
          value: t.id,
          label: `${t.title} — ${t.supervisor.name} (${placesLeft(t)} of ${t.capacity} places left)`,
          disabled: placesLeft(t) === 0,
        }))}
        {...actionValueProps(topic)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        maxLength={LIMITS.searchMax}
        rightSection={topics.isFetching ? <Loader size="xs" /> : undefined}
        nothingFoundMessage={topics.isFetching ? "Searching…" : "No topics found"}
        description={
          chosen ? `${chosen.researchCell.title} · ${chosen.type}` : "A full topic cannot be chosen."
        }
        error={topic.error ?? (topics.isError ? "The topics could not be loaded." : null)}
      />
    </ActionModal>
  );
}
