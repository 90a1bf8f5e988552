import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { errorCode } from '../../lib/errors';

export interface FeedPage {
  data: { _id: string }[];
  total: number;
}

/**
 * The posts of creators the fan follows or subscribes to (GET /user/feeds). Until the feeds API
 * exists the route answers 404, which reads as an empty feed.
 */
export function useHomeFeed() {
  return useQuery({
    queryKey: ['feeds', 'home'],
    queryFn: async (): Promise<FeedPage> => {
      try {
        return await api.get<FeedPage>('/user/feeds', { query: { offset: 0, limit: 10 } });
      } catch (err) {
        if (errorCode(err) === 'NOT_FOUND') return { data: [], total: 0 };
        throw err;
      }
    },
  });
}
