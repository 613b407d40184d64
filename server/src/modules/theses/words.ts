import type { ThesisState } from "@shared/enums";
import { MSG } from "@shared/messages";
import type { ThesisParty } from "@shared/thesis-life";
import type { LifeWords } from "../../lib/life";

/** The thesis engine's refusals (the generic engine's words for the thesis's table). */
export const THESIS_WORDS: LifeWords<ThesisState, ThesisParty> = {
  onlyWho: MSG.thesisOnlyWho,
  isNow: MSG.thesisIsNow,
  changedMeanwhile: MSG.thesisChangedMeanwhile,
};
