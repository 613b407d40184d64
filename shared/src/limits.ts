export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  studentIdMax: 32,
  passwordMin: 8,
  passwordMax: 128,
  cellTitleMax: 120,
  cellDescriptionMax: 2000,
  /** A room for defenses (DESIGN.md §18): its name, the people it seats, and notes (where, what it has). */
  roomNameMax: 100,
  roomCapacityMax: 10_000,
  roomNotesMax: 1000,
  proposalTitleMax: 200,
  proposalAbstractMax: 5000,
  feedbackMax: 5000,
  extraMembersMax: 2,
  noticeTitleMax: 200,
  noticeDescriptionMax: 5000,
  messageMax: 2000,
  /** A chat thread's unread messages are counted up to this many (the badge says "99+"). */
  unreadCountMax: 99,
  pictureBytesMax: 5 * 1024 * 1024,
  /** A proposal's PDF document (DESIGN.md §10). */
  documentBytesMax: 20 * 1024 * 1024,
  /** A thesis's document, a draft and so the final document (DESIGN.md §16, decision 0080). */
  thesisDocumentBytesMax: 50 * 1024 * 1024,
  /** A document of more pages is refused before any page is read (DESIGN.md §21). */
  documentPagesMax: 2000,
  documentNameMax: 200,
  versionNoteMax: 2000,
  reasonMax: 2000,
  /** An examiner's comment, for the students or internal (DESIGN.md §17). */
  assessmentCommentMax: 5000,
  /** A grade as sent (the longest step of any scale is "100"). */
  gradeMax: 8,
  picturePixelsMax: 40_000_000,
  pictureSize: 256,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  searchMax: 100,
  /** A member search types at least this many characters (DESIGN.md §13). */
  searchMin: 2,
  /** A people search counts its matches up to this many; past it the list says "200+". */
  searchCountMax: 200,
  /**
   * Any other list counts up to this many; past it the list says "1,000+". A page may start at
   * most here, so no page costs more than walking this far into an index.
   */
  listCountMax: 1000,
  /** Similar proposals (DESIGN.md §19): at most this many, for a title of at least similarTitleMin characters. */
  similarMax: 5,
  similarTitleMin: 3,
  /** How much of an abstract a list of proposals carries. */
  excerptMax: 300,
  jsonBodyBytes: 256 * 1024,
  notificationsMax: 20,
  /** A defense's minutes (DESIGN.md §18): short. */
  defenseMinutesTextMax: 4000,
  onlineUrlMax: 500,
  /** The committee's list of defenses (issue 32 item 8): a range of at most this many days, at most this many defenses. */
  defenseRangeDaysMax: 366,
  defenseListMax: 500,
  termNameMax: 80,
  /** A supervisor's places in a term (groups), and a term's days for a review. */
  capacityMax: 1000,
  reviewDueDaysMax: 365,
  maxPreferencesMax: 20,
  /** What-if scenarios one term keeps at once (DESIGN.md §20). */
  scenariosMax: 20,
  /** People in one CSV import (DESIGN.md §12), and the file's size (5,000 long rows fit). */
  importRowsMax: 5000,
  importBytesMax: 4 * 1024 * 1024,
  /** How long a password link stays valid: a reset asked for (one hour), a first password (7 days). */
  resetLinkSeconds: 60 * 60,
  setPasswordLinkSeconds: 7 * 24 * 60 * 60,
  /** Invitations one student may send in any 24 hours (DESIGN.md §21): a few groups' worth. */
  invitationsPerDay: 10,
} as const;

export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
