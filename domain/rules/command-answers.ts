/**
 * Which answers to an outbox command are not final (docs/sync-engine.md rule 5): 401 pauses the
 * queue until the person signs in again; 408 timeout, 409 "the same request is in progress"
 * (which always says when to try again, Retry-After), 425/429 too early or too many, and 5xx
 * leave the row to be tried again later. Any other answer is final: 2xx applied, another 4xx
 * refused for good — a 409 without Retry-After too, a conflict with what the server already
 * recorded (a route started with another reading).
 */
export function isRetryAnswer(status: number, saysWhen: boolean): boolean {
  if (status === 409) return saysWhen;
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** An answer in a push batch after which the server attempts no more of its commands. */
export function endsPushBatch(status: number, saysWhen: boolean): boolean {
  return status === 401 || isRetryAnswer(status, saysWhen);
}
