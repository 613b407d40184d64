import { UserAvatar } from "@client/components/user-avatar";
import { isApiError } from "@client/lib/api";
import { useUser } from "@client/lib/auth";
import { notify } from "@client/lib/notify";
import { FileInput, Group, Paper, Stack, Text } from "@mantine/core";
import { MSG } from "@shared/messages";
import { PICTURE_ACCEPT, pictureProblem } from "@shared/schemas/profile";
import { IconPhotoUp } from "@tabler/icons-react";
import { useState } from "react";
import { useUploadPicture } from "../api/use-upload-picture";

/**
 * Profile picture: JPEG, PNG or WebP up to 5 MB, checked here before sending and again (by
 * decoding it) on the server, which stores a square WebP. The header avatar follows at once.
 */
export function PictureUpload() {
  const user = useUser();
  const upload = useUploadPicture();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onChange = (chosen: File | null) => {
    setError(null);
    setFile(chosen);
    if (!chosen) return;
    const problem = pictureProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    upload.mutate(chosen, {
      onSuccess: () => {
        setFile(null);
        notify.success(MSG.pictureUpdated);
      },
      // Shown at the file field; a toast only for what has no field (a lost connection).
      onError: (e) => {
        if (isApiError(e) && e.status > 0) setError(e.message);
        else notify.error(MSG.updateProfileFailed(e.message));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Text fw={600} mb="md">
        Picture
      </Text>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <UserAvatar
          name={user.name}
          src={user.pictureUrl}
          size={96}
          radius={96}
          data-testid="profile-avatar"
        />
        <Stack gap="xs" style={{ flex: 1 }}>
          <FileInput
            label="Profile picture"
            description="JPEG, PNG or WebP, at most 5 MB. It is cropped to a square."
            placeholder="Choose a picture"
            accept={PICTURE_ACCEPT}
            leftSection={<IconPhotoUp size={16} />}
            value={file}
            onChange={onChange}
            error={error}
            disabled={upload.isPending}
            clearable
          />
          {upload.isPending && (
            <Text size="sm" c="dimmed">
              Uploading…
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
