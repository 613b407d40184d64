import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("group chat in the browser", () => {
  it("a student and the supervisor each see the other's message without reloading", async () => {
    // Demo data: Omar Farouk's group (An accessible campus navigation app) is supervised by Prof. Leila Haddad.
    const student = await newPage(browser, server.url);
    await student.page.goto("/login");
    await login(student.page, "omar.farouk@demo.example.edu", "thesisdesk-demo");
    await student.page.waitForURL("**/student/dashboard");
    await student.page.getByRole("link", { name: "Chat" }).click();
    await student.page.getByText("An accessible campus navigation app").first().waitFor();
    // The demo thread already has history.
    await student.page.getByText("Hi all, I uploaded the interview questions.").waitFor();

    const supervisor = await newPage(browser, server.url);
    await supervisor.page.goto("/login");
    await login(supervisor.page, "leila.haddad@demo.example.edu", "thesisdesk-demo");
    await supervisor.page.waitForURL("**/supervisor/dashboard");
    await supervisor.page.getByRole("link", { name: "Chat" }).click();
    await supervisor.page.getByText("Hi all, I uploaded the interview questions.").waitFor();

    await student.page.getByLabel("Message", { exact: true }).fill("Could we move the meeting to Friday?");
    await student.page.getByRole("button", { name: "Send" }).click();
    await supervisor.page.getByText("Could we move the meeting to Friday?").waitFor();

    await supervisor.page.getByLabel("Message", { exact: true }).fill("Friday at 10 works for me.");
    await supervisor.page.keyboard.press("Enter");
    await student.page.getByText("Friday at 10 works for me.").waitFor();

    await screenshot(student.page, "chat-student");
    await screenshot(supervisor.page, "chat-supervisor");
    await student.context.close();
    await supervisor.context.close();
  });
});
