// A page of the Firewall (Premium and Pay-As-You-Go): the page itself on a plan with the
// Firewall, otherwise what this part of the Firewall does and the way to a plan that has it.
import type { ReactNode } from 'react';
import { PaidListPage } from './list-blocker-page.js';
import { PlanUpgradeCard } from './plan-upgrade-card.js';

/** The upgrade card's title on every page of the Firewall. */
export const firewallUpgradeTitle = 'The Firewall is part of Premium and Pay-As-You-Go';

export function FirewallPaidPage({
  title,
  intro,
  items,
  editor,
}: {
  title: string;
  /** What this part of the Firewall does, leading into `items`. */
  intro: string;
  items: string[];
  /** The page on a plan with the Firewall; `onUpgrade` shows the upgrade card instead. */
  editor: (onUpgrade: () => void) => ReactNode;
}) {
  return (
    <PaidListPage
      title={title}
      upgradeCard={<PlanUpgradeCard title={firewallUpgradeTitle} intro={intro} items={items} />}
      editor={editor}
    />
  );
}
