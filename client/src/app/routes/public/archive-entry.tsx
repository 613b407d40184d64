import { ArchiveEntryPage } from "@client/features/archive/archive-entry-page";
import { Container } from "@mantine/core";

/** One archive entry for everyone (`/archive/:id`): the public site's frame. */
export default function PublicArchiveEntry() {
  return (
    <Container size="lg" py="xl">
      <ArchiveEntryPage />
    </Container>
  );
}
