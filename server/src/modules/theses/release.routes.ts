import { idParams } from "@shared/schemas/common";
import {
  gradeCorrectionSchema,
  publicationConsentSchema,
  termReleaseResponse,
  thesisResultResponse,
  visibilityChangeSchema,
  visibilityProposalSchema,
} from "@shared/schemas/release";
import { thesisIdParams, thesisReasonSchema } from "@shared/schemas/theses";
import { moduleRoutes } from "../../lib/module-routes";
import { annulThesis, correctGrade } from "./record.service";
import {
  changeVisibility,
  consentToPublication,
  proposeVisibility,
  readResult,
  releaseTerm,
  releaseThesis,
} from "./release.service";
import { thesisRoute as route, thesisRecord } from "./theses.routes";

/** The release and the official record (DESIGN.md §16, §17, §19, §23). */
export const thesisReleaseRoutes = moduleRoutes(route, ({ api, record }) => {
  const thesis = record(thesisRecord);
  api("GET", "/theses/:id/result", {
    access: "theses:read",
    summary:
      "A thesis's visibility proposal, its members' consents to Public and what a release would give; once Released, the date, the grades (a member only their own) and both examiners' comments for the students (never an internal comment). Nothing of the marking before release",
    params: thesisIdParams,
    response: thesisResultResponse,
    run: async (c, { params }) => ({ result: await readResult(c, params.id) }),
  });

  thesis("PUT", "/theses/:id/visibility-proposal", {
    access: "theses:propose-visibility",
    summary:
      "Its supervisor proposes the visibility (Public, Internal or Private) and an optional embargo date, until release (409 after). Public is released as Internal at most unless every member consents",
    body: visibilityProposalSchema,
    run: proposeVisibility,
  });

  thesis("PUT", "/theses/:id/publication-consent", {
    access: "theses:consent",
    summary:
      "A member agrees (public: true) or not to publishing the thesis as Public, for themselves, until release",
    body: publicationConsentSchema,
    run: (c, id, body) => consentToPublication(c, id, body.public),
  });

  thesis("POST", "/theses/:id/release", {
    access: "theses:release",
    summary:
      "The committee releases a Graded thesis with its own visibility proposal (Internal when none; Public only with every member's consent): Released, its members told. In a term with defenseRequired, only once its defense has ended (409 naming it)",
    run: releaseThesis,
  });

  api("POST", "/terms/:id/release-grades", {
    access: "theses:release",
    summary:
      "The committee releases every Graded thesis of the term, each with its own proposal, in one transaction; those whose required defense has not ended wait and are named",
    params: idParams,
    response: termReleaseResponse,
    run: (c, { params }) => releaseTerm(c, params.id),
  });

  thesis("PATCH", "/theses/:id/visibility", {
    access: "theses:release",
    summary:
      "The committee changes a released thesis's visibility or embargo date (Public only with every member's consent: 409 naming who has not agreed)",
    body: visibilityChangeSchema,
    run: changeVisibility,
  });

  thesis("POST", "/theses/:id/grade-correction", {
    access: "theses:manage",
    summary:
      "The committee corrects one member's official grade on a Graded or Released thesis, on the term's scale, with a reason: on the timeline; once released the student is told",
    body: gradeCorrectionSchema,
    run: correctGrade,
  });

  thesis("POST", "/theses/:id/annul", {
    access: "theses:manage",
    summary:
      "The committee annuls a Graded or Released thesis with a reason (e.g. plagiarism): Annulled, its defense cancelled, everyone told",
    body: thesisReasonSchema,
    run: (c, id, body) => annulThesis(c, id, body.reason),
  });
});
