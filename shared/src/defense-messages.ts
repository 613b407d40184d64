/** The words of a thesis's defense (DESIGN.md §18, decision 0073), spread into MSG. */
export const DEFENSE_MSG = {
  defenseNotFound: "Defense not found.",
  defenseStartsAtInvalid: "Start must be a date and time.",
  defenseStartsInPast: "The defense must start in the future.",
  defensePlaceRequired: "Choose a room or give an online link.",
  defensePlaceBoth: "Choose a room or give an online link, not both.",
  defenseOnlineUrlInvalid: "Online link must be an https:// address.",
  defenseRoomUnknown: "This room does not exist.",
  defenseChairNotCommittee: "The chair must be an active committee account.",
  defenseThesisState:
    "A defense can be scheduled, moved or cancelled only while the thesis is Submitted, Disputed or Graded.",
  defenseExists: "This thesis already has a defense: move or cancel it instead.",
  defenseCancelledAlready: "This defense has been cancelled.",
  defenseNotYours: "Only the committee or the thesis's supervisor may schedule, move or cancel its defense.",
  minutesNotYours: "Only the chair or the thesis's supervisor may record the minutes.",
  defenseMinutesTooLong: (max: number) => `Minutes must be at most ${max.toLocaleString("en")} characters.`,
  /** The exclusion constraint's refusal: the busy room or person and when they are busy, in TIME_ZONE. */
  defenseBusy: (who: string, when: string) => `${who} is already booked for a defense at ${when}.`,
  defenseSlotTaken: "This time was just taken by another defense. Choose another time.",
  defenseScheduled: "Defense scheduled.",
  defenseMoved: "Defense moved.",
  defenseCancelled: "Defense cancelled.",
  minutesSaved: "Minutes saved.",
  fetchDefenseFailed: "Failed to fetch the defense.",
  saveDefenseFailed: "Failed to save the defense.",
};
