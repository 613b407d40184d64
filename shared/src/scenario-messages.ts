/** The words of the allocation's what-if scenarios (DESIGN.md §20), spread into MSG. */
export const SCENARIO_MSG = {
  scenarioNotFound: "Scenario not found.",
  scenariosFull: (max: number) => `A term keeps at most ${max} scenarios: discard one first.`,
  scenarioUnknownTopic: "A topic in the scenario is not one this term offers.",
  scenarioUnknownSupervisor: "A supervisor in the scenario offers no topic in this term.",
  /** Adopting: the draft was run again or moved, or a real capacity changed, since the copy. */
  scenarioStale:
    "The draft or the capacities changed since this scenario was copied: nothing was changed. Copy the draft into a new scenario.",
  scenarioNotRun: "Run the scenario before making it the draft.",
  /** Adopting: topics, preferences, rankings or places changed since the scenario's run. */
  scenarioOutOfDate: "The allocation's inputs changed since this scenario ran; run it again.",
  scenarioCopied: (name: string) => `The draft was copied into "${name}".`,
  scenarioRan: (matched: number, groups: number) =>
    `The scenario ran: ${matched} of ${groups} group${groups === 1 ? "" : "s"} matched. Nothing real changed.`,
  scenarioSaved: "Scenario capacities saved. Run it to compare.",
  scenarioDiscarded: (name: string) => `"${name}" discarded.`,
  scenarioAdopted: (name: string) =>
    `"${name}" is now the draft, and its capacities are the real ones. Nothing is published yet.`,
} as const;
