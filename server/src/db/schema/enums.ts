import { pgEnum } from "drizzle-orm/pg-core";
import {
  GRADE_SCALES,
  MEMBERSHIP_STATES,
  PROPOSAL_STATUSES,
  PROPOSAL_TYPES,
  ROLES,
  TERM_MODES,
  THESIS_STATES,
} from "../../../../shared/src/enums";

/** The database's enums, from the values in shared/src/enums.ts. */
export const roleEnum = pgEnum("role", ROLES);
export const proposalTypeEnum = pgEnum("proposal_type", PROPOSAL_TYPES);
export const proposalStatusEnum = pgEnum("proposal_status", PROPOSAL_STATUSES);
export const termModeEnum = pgEnum("term_mode", TERM_MODES);
export const membershipStateEnum = pgEnum("membership_state", MEMBERSHIP_STATES);
export const thesisStateEnum = pgEnum("thesis_state", THESIS_STATES);
export const gradeScaleEnum = pgEnum("grade_scale", GRADE_SCALES);
