import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { SETUP_STEPS, type Setup, type SetupStep } from "@shared/schemas/committee";
import { IconCircleCheckFilled, IconCircleDashed } from "@tabler/icons-react";
import { Link } from "react-router";

/** Each step: what to do, why, and the screen that does it. */
const STEP: Record<SetupStep, { title: string; hint: string; to: string; link: string }> = {
  term: {
    title: "Set up the term",
    hint: "Name it, and set its submission window, deadlines and places.",
    to: "/committee/terms",
    link: "Open Terms",
  },
  cells: {
    title: "Add research cells",
    hint: "The groups students send their proposals to.",
    to: "/committee/research-cells",
    link: "Open Research Cells",
  },
  teachers: {
    title: "Add teachers",
    hint: "One by one with Add Teacher, or many at once from a CSV file.",
    to: "/committee/all-teachers",
    link: "Open All Teachers",
  },
  assignments: {
    title: "Assign teachers to research cells",
    hint: "Students choose a supervisor among a cell's teachers.",
    to: "/committee/cell-members",
    link: "Open Cell Members",
  },
  students: {
    title: "Add students",
    hint: "Import them from a CSV file, or let them register themselves.",
    to: "/committee/import?role=student",
    link: "Import students",
  },
};

/**
 * A new department's first steps (decision 0056): each ticks itself off as the server finds it
 * done in the data, and the list is gone once every step is.
 */
export function GettingStarted({ setup }: { setup: Setup }) {
  const done = SETUP_STEPS.filter((s) => setup[s]).length;
  if (done === SETUP_STEPS.length) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="getting-started-title">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg" id="getting-started-title" component="h2" m={0}>
          Getting started
        </Text>
        <Text size="sm" c="dimmed">
          {done} of {SETUP_STEPS.length} steps done
        </Text>
      </Group>
      <Progress.Root mt="xs" mb="md">
        <Progress.Section
          value={(done / SETUP_STEPS.length) * 100}
          color="teal"
          aria-label={`Getting started: ${done} of ${SETUP_STEPS.length} steps done`}
        />
      </Progress.Root>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {SETUP_STEPS.map((key) => {
          const step = STEP[key];
          const ok = setup[key];
          return (
            <Group component="li" key={key} wrap="nowrap" align="flex-start" gap="sm" data-done={ok}>
              <ThemeIcon variant="light" color={ok ? "teal" : "gray"} radius="xl" size={28} aria-hidden>
                {ok ? <IconCircleCheckFilled size={18} /> : <IconCircleDashed size={18} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" c={ok ? "dimmed" : undefined}>
                  {step.title}
                  <Text span inherit c={ok ? "teal.9" : "dimmed"} fw={500}>
                    {ok ? " — done" : " — to do"}
                  </Text>
                </Text>
                {!ok && (
                  <Text size="sm" c="dimmed">
                    {step.hint}{" "}
                    <Anchor component={Link} to={step.to} size="sm" fw={500}>
                      {step.link}
                    </Anchor>
                  </Text>
                )}
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
