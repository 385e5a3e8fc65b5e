import { describe, expect, it } from "vitest";
import type { CurrentStores } from "./fixtures";

// The storage contract for the rate limiters' attempts (failed logins, reset mails).

export function attemptsContract(current: CurrentStores): void {
  describe("attempts", () => {
    it("answers a key's attempts after a time, newest first and at most the limit, apart from other keys", async () => {
      const { attempts } = current();
      for (const at of [1000, 2000, 3000, 4000]) await attempts.add("login:a", at, 0);
      await attempts.add("login:b", 3500, 0);
      expect(await attempts.recent("login:a", 1500, 10)).toEqual([4000, 3000, 2000]);
      expect(await attempts.recent("login:a", 0, 2)).toEqual([4000, 3000]);
      expect(await attempts.recent("login:b", 0, 10)).toEqual([3500]);
      expect(await attempts.recent("login:c", 0, 10)).toEqual([]);
    });

    it("forgets the attempts past the window as new ones come, and all of a key on clear", async () => {
      const { attempts } = current();
      await attempts.add("reset-mail:u", 1000, 0);
      await attempts.add("reset-mail:u", 5000, 2000);
      expect(await attempts.recent("reset-mail:u", 0, 10)).toEqual([5000]);
      await attempts.add("reset-mail:v", 5000, 0);
      await attempts.clear("reset-mail:u");
      expect(await attempts.recent("reset-mail:u", 0, 10)).toEqual([]);
      expect(await attempts.recent("reset-mail:v", 0, 10)).toEqual([5000]);
    });
  });
}
