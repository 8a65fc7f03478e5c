// The waitlist of full classes: joining and leaving (booking page, Mis clases) and the roster's line.
export {
  JoinWaitlistDialog,
  LeaveWaitlistDialog,
  type PlanProblem,
  type WaitlistClass,
} from './components/waitlist-dialogs';
export { MyWaitlists } from './components/my-waitlists';
export { promotedMessage, removedFromWaitlistMessage, RosterWaitlist } from './components/roster-waitlist';
export { JOIN_TITLE, LEAVE_TITLE, LEFT_MESSAGE, positionLabel, waitlistButtonLabel } from './format';
