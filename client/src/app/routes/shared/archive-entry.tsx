import { ArchiveEntryPage } from "@client/features/archive/archive-entry-page";

/** One archive entry inside a signed-in role's shell (`/<role>/archive/:id`). */
export default ArchiveEntryPage;
