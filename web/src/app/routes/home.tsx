import { useEffect } from 'react';

export function HomeRoute() {
  useEffect(() => {
    document.title = 'RecipeHub';
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
      <h1>RecipeHub</h1>
      <p>Browse, share and review recipes. The full app is on its way.</p>
      <p>
        The REST API is documented at <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  );
}
