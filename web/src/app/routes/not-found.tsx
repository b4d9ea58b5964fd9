import { useEffect } from 'react';
import { Link } from 'react-router';

export function NotFoundRoute() {
  useEffect(() => {
    document.title = 'Page not found · RecipeHub';
  }, []);
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '4rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Page not found</h1>
      <p>The page you are looking for was not found.</p>
      <Link to="/">Back to Home</Link>
    </main>
  );
}
