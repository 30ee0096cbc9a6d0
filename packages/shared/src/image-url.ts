/** Google Drive share links point at a viewer page; images need the direct form. Other URLs pass unchanged. */
export function directImageUrl(url: string): string {
  const trimmed = url.trim();
  const id =
    trimmed.match(/^https?:\/\/drive\.google\.com\/file\/d\/([\w-]+)/)?.[1] ??
    trimmed.match(/^https?:\/\/drive\.google\.com\/(?:open|uc)\?(?:.*&)?id=([\w-]+)/)?.[1];
  return id ? `https://drive.google.com/uc?export=view&id=${id}` : trimmed;
}
