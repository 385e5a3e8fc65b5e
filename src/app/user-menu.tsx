import { Avatar, Menu, UnstyledButton } from "@mantine/core";
import type { PublicUser } from "@shared/core/api-types";
import { IconCar, IconChartBar, IconLayoutDashboard, IconLogout, IconSettings } from "@tabler/icons-react";
import { AppLink, useAppNavigate } from "@/lib/app-link";
import { initials, useSession } from "@/lib/session";

/**
 * The signed-in avatar menu; its own chunk so that a shopper's page never loads the popover code.
 * Its links are the app's (src/lib/app-link.tsx): it shows on the shopper's page for a dealer too.
 */
export default function UserMenu({ user }: { user: PublicUser }) {
  const { signOut } = useSession();
  const navigate = useAppNavigate();
  const logout = () => {
    signOut();
    navigate("/login");
  };
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200}>
      <Menu.Target>
        <UnstyledButton
          // The name contains the visible initials too (WCAG 2.5.3, label in name).
          aria-label={`Account menu for ${user.firstName} ${user.lastName}, ${initials(user)}`}
          data-testid="user-menu"
        >
          <Avatar radius="xl" color="brand" variant="filled">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={AppLink} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
          Dashboard
        </Menu.Item>
        <Menu.Item component={AppLink} to="/inventory" leftSection={<IconCar size={16} />}>
          Inventory
        </Menu.Item>
        <Menu.Item component={AppLink} to="/analytics" leftSection={<IconChartBar size={16} />}>
          Analytics
        </Menu.Item>
        <Menu.Item component={AppLink} to="/settings/account" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={logout} leftSection={<IconLogout size={16} />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
