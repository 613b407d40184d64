import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProfileForm } from "./profile-form";

afterEach(() => vi.unstubAllGlobals());

/** The form checks a name with the server's schema (decision 0043): the same words, before sending. */
describe("Profile form: a name others see", () => {
  for (const [what, typed, message] of [
    ["nothing visible", "\u200B\u2060", MSG.textNotVisible("Name")],
    ["a direction override", "Eve\u202Egnp.exe", MSG.textDirectionControls("Name")],
  ] as const) {
    it(`names ${what} at the field and sends nothing`, async () => {
      const api = fakeApi({});
      vi.stubGlobal("fetch", api.fetch);
      renderScreen(<ProfileForm />, { user: testUser({ name: "Ada Lovelace" }) });
      const user = userEvent.setup();
      const name = screen.getByRole("textbox", { name: "Name" });
      await user.clear(name);
      await user.type(name, typed);
      await user.click(screen.getByRole("button", { name: "Update Profile" }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(api.calls).toEqual([]);
    });
  }
});
