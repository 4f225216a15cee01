/** The inbox's own words (each notification's are in notification-wording). */
export const InboxTexts = {
  title: 'Inbox',
  logIn: 'Please log in to see your inbox.',
  loading: 'Loading notifications...',
  failed: 'Failed to load notifications.',
  empty: 'No notifications yet.',
  emptyGroup: 'No notifications of this kind.',
  unread: (count: number) => (count === 0 ? 'All read' : `${count} unread`),
  filter: 'Show',
  everything: 'Everything',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  markReadFailed: 'Could not mark as read. Please try again.',
  loadMore: 'Load more',
  loadMoreFailed: 'Failed to load older notifications.',
  new: 'New',
} as const;
