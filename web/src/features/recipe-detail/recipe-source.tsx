import { Link2 } from 'lucide-react';

/** The site name a link shows ("bbcgoodfood.com"), or the link itself when it cannot be read. */
export function sourceHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Where an imported recipe came from (issue 16). The link is the author's or an import's, not
 * ours: it opens elsewhere, passes no referrer and no ranking (`nofollow ugc`).
 */
export function RecipeSource({ url }: { url: string }) {
  return (
    <p className="recipe-meta recipe-source">
      <Link2 size={16} aria-hidden /> Source:
      <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
        {sourceHost(url)}
      </a>
    </p>
  );
}
