import { ARCHIVE_MSG } from "./archive-messages";
import { ASSESSMENT_MSG } from "./assessment-messages";
import { CALENDAR_MSG } from "./calendar-messages";
import { DEFENSE_MSG } from "./defense-messages";
import { RELEASE_MSG } from "./release-messages";
import { ROOM_MSG } from "./room-messages";
import { THESIS_MSG } from "./thesis-messages";

/**
 * The words of the third release's thesis phase (DESIGN.md §16–§19), each area in its own file,
 * gathered here once for MSG.
 */
export const THESIS_PHASE_MSG = {
  ...THESIS_MSG,
  ...ROOM_MSG,
  ...DEFENSE_MSG,
  ...ASSESSMENT_MSG,
  ...RELEASE_MSG,
  ...CALENDAR_MSG,
  ...ARCHIVE_MSG,
};
