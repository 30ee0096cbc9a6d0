import type { DocumentType, TemplateDraft } from '@soulpunch/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** Admin: an unsealed PDF of the draft, marked PREVIEW. Answered as bytes, so not through api(). */
export async function previewTemplate({
  type,
  draft,
}: {
  type: DocumentType;
  draft: TemplateDraft;
}): Promise<Blob> {
  const response = await fetch(`/api/document-templates/${type}/preview`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(draft),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the status text is the message.
    }
    throw new ApiError(response.status, text || response.statusText, body, response.headers);
  }
  return response.blob();
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate });
}
