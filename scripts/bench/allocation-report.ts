import type { AllocationFigures } from "./allocation";
import { n } from "./config";

/** docs/performance.md's allocation section, of a full run or of `--only allocation`. */
export function allocationReport(a: AllocationFigures | undefined): string[] {
  const L: string[] = ["## Allocation", ""];
  if (a) {
    L.push(
      `${n(a.shape.groups)} groups, each ranking ${a.shape.preferences} distinct topics (popular topics more often: a power-1.5 skew), over ${n(a.shape.topics)} topics of 3–7 places ` +
        `offered by ${n(a.shape.supervisors)} supervisors of 25 places each; half the supervisors rank their applicants, the others leave them to the lot. ` +
        `The matching alone is SPA-student on the instance in memory (the first run, which warms the JIT, not counted); ` +
        `the API run is POST /api/terms/:id/allocation as a committee member, the same shape loaded into a term of its own (on the large database, or alone on a database of its own) (seeded in ${a.seedSeconds} s).`,
      "",
      "| | runs | p50 ms | max ms | groups matched |",
      "|---|---:|---:|---:|---:|",
      `| the matching alone | ${a.match.runs} | ${a.match.p50} | ${a.match.max} | ${n(a.match.matched)} |`,
      `| the API run (answers ${[...new Set(a.api.status)].join(", ")}) | ${a.api.runs} | ${a.api.p50} | ${a.api.max} | ${n(a.api.matched)} |`,
      `| the committee's read of the draft, GET (answers ${[...new Set(a.read.status)].join(", ")}) | ${a.read.runs} | ${a.read.p50} | ${a.read.max} | |`,
      `| a what-if scenario's run, with the comparison (answers ${[...new Set(a.scenario.status)].join(", ")}; ${n(a.scenario.changes)} groups change) | ${a.scenario.runs} | ${a.scenario.p50} | ${a.scenario.max} | |`,
      `| the publication (answers ${a.publish.status}) | 1 | ${a.publish.ms} | ${a.publish.ms} | ${n(a.publish.placed)} placed |`,
      "",
      `The scenario is the draft copied (in ${a.scenario.copyMs} ms) with 200 topics given 2 more places and 100 supervisors 5 more; its run reads the inputs, runs the same matching with those capacities and the draft's seed, stores the result and answers the comparison with the draft (DESIGN.md §20: under 2 s).`,
      "",
      "The read and the publication each read the inputs again and compare their SHA-256 with the draft's (decision 0042); the publication first locks the term's groups, place overrides and supervisors' accounts.",
      "",
    );
  } else L.push("Not run (the run stopped before it).", "");
  return L;
}
