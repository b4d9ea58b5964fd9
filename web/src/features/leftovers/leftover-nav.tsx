import { NavLink } from 'react-router';

const PAGES = [
  { href: '/dashboard/customer/', label: 'Customers' },
  { href: '/dashboard/category/', label: 'Categories' },
  { href: '/dashboard/product/', label: 'Products' },
  { href: '/dashboard/sale/', label: 'Sale' },
  { href: '/dashboard/test/', label: 'Test' },
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
