import { webhookRetrySchedule } from "../env";

/**
 * D10 retry timing. `schedule` holds the delays (seconds) before each retry: after the
 * first attempt schedule[0], after the second schedule[1], … so N entries allow N+1
 * attempts. Each delay gets ±10% jitter so a receiver that was down is not hit by every
 * queued event in the same second when it comes back.
 */
export const JITTER = 0.1;

export function defaultSchedule(): number[] {
  return webhookRetrySchedule();
}

/** Milliseconds to wait before the next attempt, or null when the event has had its last one. */
export function nextRetryDelayMs(attemptsMade: number, schedule: number[], random: () => number = Math.random): number | null {
  if (attemptsMade < 1 || attemptsMade > schedule.length) return null;
  const base = schedule[attemptsMade - 1] * 1000;
  const factor = 1 - JITTER + 2 * JITTER * random();
  return Math.max(0, Math.round(base * factor));
}

/** Total attempts the schedule allows (first attempt + one per entry). */
export function maxAttempts(schedule: number[]): number {
  return schedule.length + 1;
}
