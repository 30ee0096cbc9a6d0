/**
 * The spec keeps the pending trainer in session storage. Here it is only a hint for the screens that follow
 * (the HttpOnly enrolment cookie and the server decide everything); it is never proof of payment.
 */
const KEY = 'soulpunch.pendingTrainer';

export function rememberPendingTrainer(enrolmentId: string) {
  try {
    sessionStorage.setItem(KEY, enrolmentId);
  } catch {
    // Storage can be unavailable (private modes); the server still knows the enrolment.
  }
}

export function forgetPendingTrainer() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
