import type { CampaignView, DocumentType } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** Admin: who has re-signed the newest version of a template. */
export function getTemplateCampaign(type: DocumentType, signal?: AbortSignal): Promise<CampaignView> {
  return api<CampaignView>(`/api/document-templates/${type}/campaign`, { signal });
}

export function templateCampaignQueryOptions(type: DocumentType) {
  return queryOptions({
    queryKey: documentKeys.campaign(type),
    queryFn: ({ signal }) => getTemplateCampaign(type, signal),
  });
}

export function useTemplateCampaign(type: DocumentType) {
  return useQuery(templateCampaignQueryOptions(type));
}
