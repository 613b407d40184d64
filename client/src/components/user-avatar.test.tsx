import { renderScreen } from "@client/test/render";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initialsOf, UserAvatar } from "./user-avatar";

describe("UserAvatar initials", () => {
  it("skips the titles in front of a name, with or without their dot", () => {
    expect(initialsOf("Dr. Samuel Osei")).toBe("SO");
    expect(initialsOf("Dr Samuel Osei")).toBe("SO");
    expect(initialsOf("Prof. Ayesha Rahman")).toBe("AR");
    expect(initialsOf("Prof. Dr. Jane Doe")).toBe("JD");
    for (const title of ["Mr.", "Ms", "Mrs.", "Mx", "Sir", "Dame", "DR.", "prof"])
      expect(initialsOf(`${title} Kim Lee`)).toBe("KL");
  });

  it("takes names without a title as before: the first two words, or a one-word name's first two letters", () => {
    expect(initialsOf("Mei Lin")).toBe("ML");
    expect(initialsOf("  Tanvir   Hasan ")).toBe("TH");
    expect(initialsOf("Madonna")).toBe("MA");
    expect(initialsOf("Ólafur Arnalds")).toBe("ÓA");
    // A title is a word of its own: names that merely start like one are kept.
    expect(initialsOf("Drew Smith")).toBe("DS");
    expect(initialsOf("Sirius Black")).toBe("SB");
  });

  it("keeps a name that is nothing but a title, and shows nothing for an empty one", () => {
    expect(initialsOf("Dr.")).toBe("DR");
    expect(initialsOf("   ")).toBe("");
  });

  it("shows the initials without the title, and the whole name as the picture's text", () => {
    renderScreen(<UserAvatar name="Dr. Samuel Osei" />);
    expect(screen.getByText("SO")).toHaveAttribute("title", "Dr. Samuel Osei");
    expect(screen.queryByText("DS")).not.toBeInTheDocument();
  });
});
