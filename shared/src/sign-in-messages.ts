/**
 * The user-facing words a first visit and signing in need (the app's shell, the login page): part
 * of MSG (messages.ts), kept in their own file so that the first load of `/` and `/login` does not
 * carry every message of the app (DESIGN.md §22, decision 0064). Import MSG everywhere else.
 */
export const SIGN_IN_MSG = {
  invalidLogin: "Invalid email or password.",
  loggedOut: "Logged out successfully.",
  logoutFailed: "Logout failed.",
  // A session that ended while a page was open (decision 0054): the server's words, and the client's.
  sessionEnded:
    "Your session has ended: it expired, or it was ended elsewhere (for example by a new password). Please log in again.",
  signedOutElsewhere: "You were signed out: your session expired, or you logged out in another tab.",
  // The client's own words: no answer came, or one it cannot read.
  cannotReachServer: "Cannot reach the server. Check your connection and try again.",
  somethingWentWrong: "Something went wrong. Please try again.",
  accountDeactivated: "This account has been deactivated. Please contact the committee.",
  domainNotAllowed: (domains: readonly string[]) =>
    `Only email addresses at ${domains.length > 1 ? `${domains.slice(0, -1).join(", ")} or ${domains.at(-1)}` : domains[0]} can be used.`,
  // single sign-on (DESIGN.md §12)
  signInWith: (name: string) => `Sign in with ${name}`,
  ssoFailed: "Single sign-on did not work. Please try again, or log in with your password.",
  ssoEmailNotVerified:
    "Your university account's email address is not verified, so it cannot sign in here. Verify it with your university first.",
  ssoNoAccount: "There is no ThesisDesk account for this email address. Please ask the committee to add you.",
  ssoStudentIdTaken:
    "Your student ID already belongs to another ThesisDesk account. Please contact the committee.",
  ssoNoEmail: "Your university account did not share an email address, so it cannot sign in here.",
  // the login form's own check before it sends anything (the server checks with loginSchema)
  emailRequired: "Email is required.",
  passwordRequired: "Password is required.",
} as const;

/**
 * The error codes single sign-on sends back to /login?error=…, and what each tells the person
 * (domain_not_allowed names the domains, which the page has from GET /api/auth/options). Only
 * these words are shown: a description in the address could be anyone's.
 */
export function ssoErrorMessage(code: string, allowedEmailDomains: readonly string[]): string {
  const known: Record<string, string> = {
    email_not_verified: SIGN_IN_MSG.ssoEmailNotVerified,
    account_not_linked: SIGN_IN_MSG.ssoEmailNotVerified,
    signup_disabled: SIGN_IN_MSG.ssoNoAccount,
    account_deactivated: SIGN_IN_MSG.accountDeactivated,
    student_id_taken: SIGN_IN_MSG.ssoStudentIdTaken,
    email_not_found: SIGN_IN_MSG.ssoNoEmail,
  };
  if (code === "domain_not_allowed" && allowedEmailDomains.length)
    return SIGN_IN_MSG.domainNotAllowed(allowedEmailDomains);
  return known[code] ?? SIGN_IN_MSG.ssoFailed;
}
