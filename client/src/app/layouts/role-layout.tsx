import "./signed-in-styles";
import { Brand } from "@client/components/brand";
import { PageLoader } from "@client/components/page-loader";
import { UserAvatar } from "@client/components/user-avatar";
import { useUser } from "@client/lib/auth";
import { useLiveEvents } from "@client/lib/live-events";
import { useLogout } from "@client/lib/sign-in";
import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import type { Role } from "@shared/enums";
import { IconLogout } from "@tabler/icons-react";
import { Suspense } from "react";
import { Outlet, NavLink as RouterNavLink, useLocation } from "react-router";
import { NAV, NAV_BADGE, ROLE_LABEL } from "./nav";
import { useNavBadges } from "./use-nav-badges";

export function RoleLayout({ area: role }: { area: Role }) {
  const user = useUser();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const logout = useLogout();
  const badges = useNavBadges(role);
  useLiveEvents(user.id);

  const onLogout = () => logout.mutate();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Brand to={NAV[role][0].to} />
            <Badge variant="light" visibleFrom="xs">
              {ROLE_LABEL[role]}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <UserAvatar name={user.name} src={user.pictureUrl} size="md" data-testid="header-avatar" />
            <Text fw={500} visibleFrom="sm" data-testid="header-user-name">
              {user.name}
            </Text>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} />}
              onClick={onLogout}
              loading={logout.isPending}
              visibleFrom="xs"
            >
              Logout
            </Button>
            {/* On a phone the words would push it against the screen's edge. */}
            <ActionIcon
              variant="default"
              size="lg"
              onClick={onLogout}
              loading={logout.isPending}
              hiddenFrom="xs"
              aria-label="Logout"
            >
              <IconLogout size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={`${ROLE_LABEL[role]} navigation`}>
        <ScrollArea>
          <Stack gap={2}>
            {NAV[role].map((item) => {
              const count = item.badge ? badges[item.badge] : undefined;
              return (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  label={item.label}
                  active={[item.to, ...(item.alsoAt ?? [])].some(
                    (to) => location.pathname === to || location.pathname.startsWith(`${to}/`),
                  )}
                  leftSection={<item.icon size={18} stroke={1.6} />}
                  rightSection={
                    count && item.badge ? (
                      <Badge
                        size="sm"
                        circle
                        color={NAV_BADGE[item.badge].color}
                        aria-label={NAV_BADGE[item.badge].label(count)}
                      >
                        {item.badge === "unreadChat" && count >= 99 ? "99+" : count}
                      </Badge>
                    ) : null
                  }
                  onClick={close}
                />
              );
            })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

/** One layout component per area, for the router's lazy routes. */
export const LAYOUTS: Record<Role, () => React.JSX.Element> = {
  student: () => <SignedIn area="student" />,
  supervisor: () => <SignedIn area="supervisor" />,
  committee: () => <SignedIn area="committee" />,
};

/** Confirmation dialogs (modals.openConfirmModal) are asked for only by signed-in screens. */
function SignedIn({ area }: { area: Role }) {
  return (
    <ModalsProvider>
      <RoleLayout area={area} />
    </ModalsProvider>
  );
}
