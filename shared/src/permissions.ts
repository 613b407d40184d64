import type { Role } from "./enums";

/**
 * Who may do what. The server enforces this table on every route; the client reads it
 * only to hide what a role cannot do. Ownership (whose proposal, whose notice) is checked
 * in the services on top of this.
 */
export const PERMISSIONS = {
  "profile:manage": ["student", "supervisor", "committee"],
  "cells:read": ["student", "supervisor", "committee"],
  "cells:manage": ["committee"],
  /** The rooms for defenses (DESIGN.md §18): everyone signed in reads them; the committee keeps them. */
  "rooms:read": ["student", "supervisor", "committee"],
  "rooms:manage": ["committee"],
  /** A student's consent to their name on the public defenses feed (§18). */
  "listing:consent": ["student"],
  /** A thesis's defense (§18): the committee or the thesis's supervisor schedules, moves, cancels (the service checks whose). */
  "defenses:schedule": ["supervisor", "committee"],
  /** The committee's list and week of every defense (issue 32 item 8, decision 0078). */
  "defenses:list": ["committee"],
  /** The minutes: the chair (committee) or the thesis's supervisor (the service checks who). */
  "defenses:minutes": ["supervisor", "committee"],
  "users:read": ["committee"],
  "users:create": ["committee"],
  "users:assign-cells": ["committee"],
  /** Edit, send password links, deactivate and reactivate, import (DESIGN.md §12). */
  "users:manage": ["committee"],
  "exports:read": ["committee"],
  /** The preview of the next retention run (DESIGN.md §19). */
  "retention:read": ["committee"],
  "committee:dashboard": ["committee"],
  "supervisors:read": ["student", "supervisor", "committee"],
  "students:search": ["student"],
  "proposals:create": ["student"],
  "proposals:read": ["student", "supervisor", "committee"],
  "proposals:review": ["supervisor"],
  "supervisor:dashboard": ["supervisor"],
  "notices:read": ["student", "supervisor"],
  "notices:send": ["supervisor"],
  "chat:use": ["student", "supervisor"],
  "terms:read": ["student", "supervisor", "committee"],
  "terms:manage": ["committee"],
  "files:upload": ["student"],
  "files:read": ["student", "supervisor", "committee"],
  "invitations:answer": ["student"],
  "groups:manage": ["student"],
  "proposals:withdraw": ["student", "committee"],
  "versions:submit": ["student"],
  "proposals:decide": ["committee"],
  "proposals:manage": ["committee"],
  "activity:read": ["committee"],
  "timeline:read": ["student", "supervisor", "committee"],
  "topics:read": ["student", "supervisor", "committee"],
  "topics:manage": ["supervisor"],
  "preferences:set": ["student"],
  "ranking:set": ["supervisor"],
  "allocation:manage": ["committee"],
  /** A published allocation's certificate and receipts: its people (checked per term and group by the server) and the committee. */
  "allocation:read": ["student", "supervisor", "committee"],
  /** A thesis is seen by its members, examiners and the committee (the service checks whose, DESIGN.md §16). */
  "theses:read": ["student", "supervisor", "committee"],
  /** The committee's actions on a thesis: cancel, record as failed, remove a member, name the examiners, set disputed grades (and, later, annul). */
  "theses:manage": ["committee"],
  /** A member's actions on their thesis: drafts, an extension request, their declaration, the submission. */
  "theses:write": ["student"],
  /** Deciding an extension request: its supervisor, or the committee (the table says whose, §16). */
  "theses:decide": ["supervisor", "committee"],
  /** Returning a submitted thesis for correction: its supervisor. */
  "theses:return": ["supervisor"],
  /** An examiner's assessment of a submitted thesis (the service checks that they examine it, DESIGN.md §17). */
  "theses:examine": ["supervisor"],
  /** Reading a thesis's assessments: its examiners and the committee (blind until both are in, §17); never students. */
  "theses:assessments": ["supervisor", "committee"],
  /** The supervisor's visibility proposal for a thesis (§19; the service checks that they supervise it). */
  "theses:propose-visibility": ["supervisor"],
  /** A member's consent to publishing their thesis as Public (§19), for themselves. */
  "theses:consent": ["student"],
  /** Releasing grades, one thesis or a term's, and changing a released thesis's visibility (§17, §19). */
  "theses:release": ["committee"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
