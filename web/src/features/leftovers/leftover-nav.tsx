import { NavLink } from 'react-router';
import { paths } from '../../lib/paths';

const PAGES = [
  { href: paths.dashboard.customers, label: 'Customers' },
  { href: paths.dashboard.categories, label: 'Categories' },
  { href: paths.dashboard.products, label: 'Products' },
  { href: paths.dashboard.sale, label: 'Sale' },
  { href: paths.dashboard.test, label: 'Test' },
];

/**
 * The leftover pages are routed but not in the dashboard's side menu (spec §2 lists its entries),
 * so each of them links to the others. Every member may open them (spec §6 keeps only users and
 * messages for Admins), hence the name: the spec's own, "Leftover pages".
 */
export function LeftoverNav() {
  return (
    <nav aria-label="Leftover pages" className="leftover-nav">
      <ul>
        {PAGES.map((page) => (
          <li key={page.href}>
            <NavLink to={page.href} className="leftover-nav__link">
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
