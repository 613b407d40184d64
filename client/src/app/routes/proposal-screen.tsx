import { ProposalPage } from "@client/features/proposal-page/components/proposal-page";
import type { ComponentProps } from "react";
import { useParams } from "react-router";

type Props = Omit<ComponentProps<typeof ProposalPage>, "id">;

/**
 * The proposal of the address (`proposals/:id`) as one role sees it; a new id is a new page, so
 * nothing of the previous proposal's state stays.
 */
export const proposalScreen = (props: Props) =>
  function ProposalScreen() {
    const { id = "" } = useParams();
    return <ProposalPage key={id} id={id} {...props} />;
  };
