import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../fakes/common";

/**
 * The operator fakes judge an outcome due by `Date.now() >= dueAt` and send its callback from a
 * timer. Node's timers may fire a millisecond before the wall clock gets there (CI saw a MoMo
 * callback carry PENDING): `later` must not run its work before `Date.now()` reaches the time.
 */
describe("FakeServer.later", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs its work only once Date.now() has reached the time asked, even when the timer fires early", async () => {
    const fake = new FakeServer("clock", {}, () => null);
    const asked = Date.now() + 40;
    const ran = new Promise<number>((resolve) => fake.later(40, () => resolve(Date.now())));
    // From here the wall clock reads 25 ms behind the timers' clock: the timer fires "early".
    const real = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => real() - 25);
    expect(await ran).toBeGreaterThanOrEqual(asked);
    await fake.close();
  });

  it("runs nothing once the fake is closed, also while waiting for the wall clock", async () => {
    const fake = new FakeServer("clock", {}, () => null);
    let runs = 0;
    fake.later(20, () => void runs++);
    const real = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => real() - 60);
    await new Promise((r) => setTimeout(r, 40));
    await fake.close();
    await new Promise((r) => setTimeout(r, 60));
    expect(runs).toBe(0);
  });
});
