import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource-variable/inter';
import '@recipehub/ui/styles.css';
import './app/app.css';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <App Router={BrowserRouter} />;
// The server sends `/` with the home page's first render already in the HTML (home.html, made
// at build time), so the intro paints before this script has run; React adopts that markup.
// Every other page arrives as the empty shell and is rendered here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
