import { Avatar, type AvatarProps } from "@mantine/core";

/** A person's picture, or their initials when they have none. */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & AvatarProps) {
  return <Avatar src={src ?? undefined} name={name} color="initials" alt={name} {...props} />;
}
