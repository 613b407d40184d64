import { ThesisList } from "@client/features/theses/components/thesis-list";
import { ThesisPage } from "@client/features/theses/components/thesis-page";
import type { BackLink } from "@client/lib/back";
import { useParams } from "react-router";
import { screen } from "./screen";

/** The thesis of the address (`theses/:id`) as one role sees it; a new id is a new page. */
export const thesisScreen = (back: BackLink) =>
  function ThesisScreen() {
    const { id = "" } = useParams();
    return <ThesisPage key={id} id={id} back={back} />;
  };

/** The theses a role may see (`theses`), with what its list is for under its title. */
export const thesesScreen = (description: string) => screen({ title: "Theses", description }, ThesisList);
