import { Link } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { NotFound } from '@recipehub/ui/not-found';
import { usePageMeta } from '../../lib/page-meta';
import { paths } from '../../lib/paths';

/** Any path the route table does not know (spec §2): a 404 page with a Back to Home link. */
export function Component() {
  usePageMeta('Page not found', 'The page you are looking for was not found.');
  return (
    <main className="page page--narrow">
      <NotFound
        variant="page"
        action={
          <Button asChild>
            <Link to={paths.home}>Back to Home</Link>
          </Button>
        }
      />
    </main>
  );
}
