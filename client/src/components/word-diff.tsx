import { Text, VisuallyHidden } from "@mantine/core";
import { diffWords } from "diff";
import { useMemo } from "react";
import classes from "./word-diff.module.css";

/**
 * A word diff of two texts (jsdiff's diffWords). Insertions are <ins>, underlined; deletions
 * <del>, struck through; each says "added:" or "removed:" to a screen reader, which does not
 * announce the elements themselves.
 */
export function WordDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <Text size="sm" className={classes.text} data-changed={changed || undefined}>
      {!changed && (
        <Text span size="sm" c="dimmed" fs="italic">
          (unchanged){" "}
        </Text>
      )}
      {parts.map((p, i) =>
        p.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, in order
          <ins key={i} className={classes.added}>
            <VisuallyHidden>[added: </VisuallyHidden>
            {p.value}
            <VisuallyHidden>]</VisuallyHidden>
          </ins>
        ) : p.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, in order
          <del key={i} className={classes.removed}>
            <VisuallyHidden>[removed: </VisuallyHidden>
            {p.value}
            <VisuallyHidden>]</VisuallyHidden>
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, in order
          <span key={i}>{p.value}</span>
        ),
      )}
    </Text>
  );
}
