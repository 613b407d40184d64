import { ArchivePage } from "@client/features/archive/archive-page";
import { Container } from "@mantine/core";

/** The archive for everyone, without login (`/archive`, DESIGN.md §19): the public site's frame. */
export default function PublicArchive() {
  return (
    <Container size="lg" py="xl">
      <ArchivePage />
    </Container>
  );
}
