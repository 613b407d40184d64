import { ArchivePage } from "@client/features/archive/archive-page";

/** The archive inside a signed-in role's shell (`/<role>/archive`, DESIGN.md §19). */
export default ArchivePage;
