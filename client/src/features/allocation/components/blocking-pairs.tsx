import { Alert, List, Text } from "@mantine/core";
import { useState } from "react";
import { blockingWords, type Model } from "./model";

const SHOWN = 10;

/** Blocking pairs in words: "{group} and {topic} would both rather be together." The first ten, then a count. */
export function BlockingPairs({
  title,
  pairs,
  model,
  color,
}: {
  title: string;
  pairs: { proposalId: string; topicId: string }[];
  model: Model;
  color: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? pairs : pairs.slice(0, SHOWN);
  return (
    <Alert color={color} title={title} role="status">
      {pairs.length > 0 && (
        <List size="sm" spacing={2}>
          {shown.map((b) => (
            <List.Item key={`${b.proposalId}:${b.topicId}`}>{blockingWords(model, b)}</List.Item>
          ))}
        </List>
      )}
      {pairs.length > SHOWN && (
        <Text
          component="button"
          type="button"
          size="sm"
          td="underline"
          mt={4}
          style={{ background: "none", border: 0, padding: 0, cursor: "pointer", color: "inherit" }}
          onClick={() => setAll(!all)}
        >
          {all ? "Show fewer" : `Show all ${pairs.length}`}
        </Text>
      )}
    </Alert>
  );
}
