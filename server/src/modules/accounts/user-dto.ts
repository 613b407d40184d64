import type { Role } from "@shared/enums";
import type { User } from "@shared/schemas/auth";

interface UserLike {
  id: string;
  name: string;
  email: string;
  role: Role | string;
  studentId?: string | null;
  pictureId?: string | null;
  emailNotifications?: boolean | null;
  createdAt: Date | string;
}

export const pictureUrl = (pictureId: string | null | undefined) =>
  pictureId ? `/api/pictures/${pictureId}.webp` : null;

export function toUserDto(u: UserLike): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Role,
    studentId: u.studentId ?? null,
    pictureUrl: pictureUrl(u.pictureId),
    emailNotifications: u.emailNotifications ?? true,
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
