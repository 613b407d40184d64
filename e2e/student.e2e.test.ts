import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import { PICTURE_MSG } from "@shared/schemas/profile";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  login,
  logout,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
} from "./support/harness";

// The demo department (scripts/lib/seed-demo.ts): cells with supervisors.
const CELL = "Machine Learning & Data Science";
const OTHER_CELL = "Networks & Security";
const SUPERVISOR = "Dr. Marco Bianchi";

let server: RunningServer;
let browser: Browser;
let files: string;

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
  files = mkdtempSync(path.join(tmpdir(), "thesisdesk-student-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The status a proposal's page shows beside its title (the first status badge in the main area). */
const pageStatus = (page: Page) => page.locator("main [data-status]").first().getAttribute("data-status");

const notification = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text });

describe("students in the browser", () => {
  let proposalId = "";
  let creator: Awaited<ReturnType<typeof registerStudent>>;
  let member: Awaited<ReturnType<typeof registerStudent>>;

  it("a student submits a proposal with another as member; both see it Pending; the member cannot submit another", async () => {
    const m = await newPage(browser, server.url);
    member = await registerStudent(m.page, "Grace Member");
    const c = await newPage(browser, server.url);
    creator = await registerStudent(c.page, "Alan Creator");
    const page = c.page;

    // The dashboard offers to submit while there is nothing.
    await page.getByRole("link", { name: "Submit a proposal" }).click();
    await page.waitForURL("**/student/proposal");
    await page.getByRole("heading", { name: "Submit Proposal" }).waitFor();

    // Submitting empty: the cell/supervisor message at those fields, every field named.
    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await page.getByText(MSG.selectCellAndSupervisor).first().waitFor();
    await page.getByText("Title is required.").waitFor();

    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Explaining phishing detectors");
    await page
      .getByRole("textbox", { name: "Abstract", exact: true })
      .fill("We make graph-based phishing detectors explain their decisions to security analysts.");
    await choose(page, "Type", "Project");

    const supervisor = page.getByRole("combobox", { name: "Supervisor", exact: true });
    expect(await supervisor.isDisabled()).toBe(true);
    await choose(page, "Research Cell", OTHER_CELL);
    await supervisor.click();
    // Only that cell's supervisors are offered.
    await page.getByRole("option", { name: "Dr. Kenji Watanabe" }).waitFor();
    expect(await page.getByRole("option", { name: SUPERVISOR }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await choose(page, "Research Cell", CELL);
    expect(await supervisor.inputValue()).toBe("");
    await choose(page, "Supervisor", SUPERVISOR);

    // Group members: found by name on the server; the student themself is never offered.
    const members = page.getByRole("combobox", { name: "Group members" });
    await members.fill("Alan Creator");
    await page.getByText("No students found").waitFor();
    await members.fill("Grace Mem");
    await page.getByRole("option", { name: `Grace Member (${member.studentId})` }).click();
    await page.keyboard.press("Escape");
    await screenshot(page, "student-submit-proposal");

    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await notification(page, MSG.proposalSubmitted).waitFor();
    // Right after it is submitted the page shows the new proposal, not the form (issue 18).
    await page.getByText("Your proposal is submitted").waitFor();
    expect(await page.getByRole("button", { name: "Submit Proposal" }).count()).toBe(0);
    await screenshot(page, "student-submit-already-active");
    await page.getByRole("link", { name: "Go to Proposal Status" }).click();
    await page.waitForURL("**/student/proposal-status");
    // Grace is invited, not yet a member: the proposal waits for her answer (DESIGN.md §9).
    const card = page.getByRole("article", { name: "Explaining phishing detectors" });
    await card.getByText("Awaiting members", { exact: true }).waitFor();
    await card.getByText("Alan Creator, Grace Member").waitFor();
    await card.getByText(SUPERVISOR).waitFor();
    await card.getByText(CELL).waitFor();
    await screenshot(page, "student-proposal-status");

    await card.getByRole("link", { name: "Explaining phishing detectors" }).click();
    await page.waitForURL("**/student/proposals/*");
    proposalId = page.url().split("/").pop()!;
    const group = page.getByRole("list", { name: "Members" });
    await group.getByText(`Grace Member (${member.studentId})`).waitFor();
    await group.getByRole("listitem").filter({ hasText: "Grace Member" }).getByText("Invited").waitFor();
    await screenshot(page, "student-proposal-detail");

    // Grace accepts on the proposal's page; it is Pending once nobody is left to answer.
    await m.page.goto(`/student/proposals/${proposalId}`);
    await m.page.getByRole("button", { name: "Accept invitation" }).click();
    await m.page.getByRole("dialog").getByRole("button", { name: "Accept invitation" }).click();
    await notification(m.page, MSG.invitationAccepted("Explaining phishing detectors")).waitFor();
    await m.page.getByRole("heading", { level: 1 }).getByText("Explaining phishing detectors").waitFor();
    await m.page.locator('main [data-status="Pending"]').first().waitFor();
    expect(await pageStatus(m.page)).toBe("Pending");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).getByText("Explaining phishing detectors").waitFor();
    expect(await pageStatus(page)).toBe("Pending");
    expect(await group.getByText("Invited").count()).toBe(0);

    // The member sees it too, Pending, and cannot submit another.
    await m.page.goto("/student/proposal-status");
    const theirs = m.page.getByRole("article", { name: "Explaining phishing detectors" });
    await theirs.getByText("Pending", { exact: true }).waitFor();
    await m.page.goto("/student/proposal");
    await m.page.getByText("You are already in an active proposal").waitFor();
    expect(await m.page.getByRole("button", { name: "Submit Proposal" }).count()).toBe(0);
    // Nor through the API, whatever the page shows.
    const cells = await (await m.page.request.get("/api/research-cells")).json();
    const cellId = cells.items.find((x: { title: string }) => x.title === CELL).id;
    const sups = await (await m.page.request.get(`/api/supervisors?researchCellId=${cellId}`)).json();
    const res = await m.page.request.post("/api/proposals", {
      data: {
        title: "Another",
        abstract: "A.",
        type: "Thesis",
        researchCellId: cellId,
        supervisorId: sups.items[0].id,
      },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(409);
    expect((await res.json()).error.message).toBe(MSG.alreadyInActiveProposal("Grace Member"));

    // The dashboard shows the current proposal and its status.
    await m.page.goto("/student/dashboard");
    await m.page.getByRole("heading", { name: "Hi Grace Member, welcome to ThesisDesk!" }).waitFor();
    await m.page
      .getByRole("article", { name: "Explaining phishing detectors" })
      .getByText("Pending")
      .waitFor();
    await screenshot(m.page, "student-dashboard-with-proposal");

    // Research Cell Info marks the group's cell.
    await m.page.goto("/student/research-cell-info");
    const mine = m.page.getByRole("article", { name: CELL });
    await mine.getByText("Your cell").waitFor();
    await mine.getByText(SUPERVISOR).waitFor();
    await screenshot(m.page, "student-research-cell-info");
    await m.context.close();
    await c.context.close();
  });

  it("a student of another group sees nothing of it, by any URL or API call", async () => {
    const { context, page } = await newPage(browser, server.url);
    await registerStudent(page, "Outsider Student");
    await page.goto(`/student/proposals/${proposalId}`);
    await page.getByText("Proposal not found").waitFor();
    expect(await page.getByText("Explaining phishing detectors").count()).toBe(0);
    expect((await page.request.get(`/api/proposals/${proposalId}`)).status()).toBe(404);
    const list = await (await page.request.get("/api/proposals?pageSize=100")).json();
    expect(list).toEqual({ items: [], total: 0, capped: false });
    await page.goto("/student/proposal-status");
    await page.getByText("No proposals yet").waitFor();
    // The group picker shows names and student IDs, never emails.
    const found = await (await page.request.get("/api/students?q=Grace")).json();
    expect(JSON.stringify(found)).not.toContain("@");

    // At most two group members: once two are chosen the other students are disabled.
    await page.goto("/student/proposal");
    const members = page.getByRole("combobox", { name: "Group members" });
    await members.fill("Yuki");
    await page.getByRole("option", { name: /^Yuki Sato/ }).click();
    await members.fill("Daniel");
    await page.getByRole("option", { name: /^Daniel Mensah/ }).click();
    await members.fill("Fatima");
    const third = page.getByRole("option", { name: /^Fatima Noor/ });
    await third.waitFor();
    // The server's answer for "Fatima" replaces the earlier list (the two chosen are pills).
    await expect
      .poll(async () => (await page.getByRole("option").allTextContents()).map((t) => t.split(" (")[0]))
      .toEqual(["Fatima Noor"]);
    expect(await third.getAttribute("aria-disabled")).toBe("true");
    await third.click({ force: true });
    await page.getByText(/A group has at most 2 other members/).waitFor();
    await screenshot(page, "student-member-limit");
    expect(await page.locator(".mantine-Pill-label").allTextContents()).toHaveLength(2);
    await context.close();
  });

  it("a demo student sees the supervisor's decision and feedback on Proposal Status", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/login");
    await login(page, "ravi.kumar@demo.example.edu", "thesisdesk-demo");
    await page.waitForURL("**/student/dashboard");
    await page.getByRole("link", { name: "Proposal Status" }).first().click();
    const approved = page.getByRole("article", { name: "Automated feedback on programming assignments" });
    await approved.getByText("Approved", { exact: true }).waitFor();
    await approved.getByText("Good. Compare against at least two existing tools.").waitFor();
    const denied = page.getByRole("article", { name: "Secure exam proctoring without cameras" });
    await denied.getByText("Denied", { exact: true }).waitFor();
    await denied.getByText(/privacy risks outweigh/).waitFor();
    await screenshot(page, "student-proposal-status-reviewed");
    await context.close();
  });

  it("profile: name, password and picture changes work and survive a reload", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/login");
    await login(page, creator.email, creator.password);
    await page.waitForURL("**/student/dashboard");
    await page.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL("**/student/profile");

    const name = page.getByRole("textbox", { name: "Name", exact: true });
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    expect(await email.inputValue()).toBe(creator.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();

    // A wrong current password changes nothing, not even the name.
    await name.fill("Alan M. Turing");
    await page.getByRole("textbox", { name: "Current password", exact: true }).fill("not-my-password");
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("a-brand-new-pass");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText(MSG.wrongCurrentPassword).waitFor();
    expect(await page.getByTestId("header-user-name").textContent()).toBe("Alan Creator");

    // New password without the current one: asked for, nothing sent.
    await page.getByRole("textbox", { name: "Current password", exact: true }).fill("");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText(MSG.currentPasswordRequired).waitFor();

    await page.getByRole("textbox", { name: "Current password", exact: true }).fill(creator.password);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await notification(page, MSG.passwordUpdated).waitFor();
    await notification(page, MSG.profileUpdated).waitFor();
    await page.getByTestId("header-user-name").getByText("Alan M. Turing").waitFor();

    // Picture: a wrong type is refused before upload; a PNG becomes the header avatar at once.
    const gif = path.join(files, "anim.gif");
    writeFileSync(
      gif,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00f" } })
        .gif()
        .toBuffer(),
    );
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(gif);
    await page.getByText(PICTURE_MSG.wrongType).first().waitFor();
    const png = path.join(files, "me.png");
    writeFileSync(
      png,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: "#e64980" } })
        .png()
        .toBuffer(),
    );
    await fileInput.setInputFiles(png);
    await notification(page, MSG.pictureUpdated).waitFor();
    const avatar = page.getByTestId("header-avatar").locator("img");
    await avatar.waitFor();
    expect(await avatar.getAttribute("src")).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
    await screenshot(page, "student-profile");

    // Everything survives a reload.
    await page.reload();
    await page.getByTestId("header-user-name").getByText("Alan M. Turing").waitFor();
    expect(await name.inputValue()).toBe("Alan M. Turing");
    const reloaded = page.getByTestId("header-avatar").locator("img");
    await reloaded.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="header-avatar"] img');
      return !!img && img.complete && img.naturalWidth === 256;
    });

    // Only the new password signs in now.
    await logout(page);
    await page.goto("/login");
    await login(page, creator.email, creator.password);
    await page.getByText(MSG.invalidLogin).waitFor();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("a-brand-new-pass");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/student/dashboard");
    await page.getByRole("heading", { name: "Hi Alan M. Turing, welcome to ThesisDesk!" }).waitFor();
    await context.close();
  });

  it("the same Profile page works for supervisors under their own layout", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/login");
    await login(page, "marco.bianchi@demo.example.edu", "thesisdesk-demo");
    await page.waitForURL("**/supervisor/dashboard");
    await page.goto("/supervisor/profile");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Dr. Marco Bianchi-Rossi");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await notification(page, MSG.profileUpdated).waitFor();
    await page.getByTestId("header-user-name").getByText("Dr. Marco Bianchi-Rossi").waitFor();
    await screenshot(page, "supervisor-profile");
    await context.close();
  });
});
