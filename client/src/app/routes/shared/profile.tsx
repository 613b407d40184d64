import { PageHeader } from "@client/components/page-header";
import { CalendarCard } from "@client/features/profile/components/calendar-card";
import { EmailNotifications } from "@client/features/profile/components/email-notifications";
import { MyData } from "@client/features/profile/components/my-data";
import { PictureUpload } from "@client/features/profile/components/picture-upload";
import { ProfileForm } from "@client/features/profile/components/profile-form";
import { Stack } from "@mantine/core";

/** One Profile page for every role; it renders inside that role's layout. */
export default function ProfilePage() {
  return (
    <>
      <PageHeader
        title="Profile"
        description="Your name, password, picture, email notifications, calendar and your data."
      />
      <Stack gap="lg" maw={900}>
        <ProfileForm />
        <PictureUpload />
        <EmailNotifications />
        <CalendarCard />
        <MyData />
      </Stack>
    </>
  );
}
