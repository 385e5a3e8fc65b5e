import { describe, expect, it } from "vitest";
import { INVITATION_SUBJECT, invitationEmail, mailLine } from "./invitation-email";

// Issue #35: what a dealership typed as its name cannot steer the invitation mail.

describe("the invitation email", () => {
  it("has a fixed subject and a plain-text body only, whatever the dealership is called", () => {
    const mail = invitationEmail(
      "sam@example.com",
      {
        inviter: { name: "Dana Whitfield", email: "dana@example.com" },
        dealership: "Join Your bank: verify at http://evil.example",
        role: "salesperson",
      },
      "https://deals.example.com/accept-invitation?token=abc",
    );
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.subject).toBe("You're invited to join a dealership on DealDesk");
    expect(mail.html).toBeUndefined();
    expect(mail.text).toContain(
      "Dana Whitfield (dana@example.com) invited you to join Join Your bank: verify at http://evil.example as a salesperson on DealDesk.",
    );
  });

  it("shows a name on one line of at most 80 characters, control characters and line breaks gone", () => {
    expect(mailLine("Example Motors")).toBe("Example Motors");
    expect(mailLine("Lee\n\nMotors\u001b[2J\u202e  Inc")).toBe("Lee Motors [2J Inc");
    const long = "x".repeat(200);
    expect(mailLine(long)).toBe(`${"x".repeat(79)}…`);
    expect(Array.from(mailLine("日本".repeat(60))).length).toBe(80);
    expect(mailLine("   ")).toBe("");
  });

  it("says 'their dealership' when the dealership has no name", () => {
    const mail = invitationEmail(
      "sam@example.com",
      { inviter: { name: "Dana Whitfield", email: "dana@example.com" }, dealership: "", role: "manager" },
      "https://deals.example.com/accept-invitation?token=abc",
    );
    expect(mail.text).toContain("invited you to join their dealership as a manager on DealDesk.");
  });
});
