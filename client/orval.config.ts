import { defineConfig } from 'orval';

// `npm run api:generate -w client` regenerates src/api/generated from the server's OpenAPI document.
export default defineConfig({
  api: {
    input: {
      target: '../server/openapi.json',
    },
    output: {
      mode: 'tags-split',
      target: 'src/api/generated/endpoints.ts',
      schemas: 'src/api/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      override: {
        mutator: {
          path: 'src/api/http.ts',
          name: 'apiFetch',
        },
        fetch: {
          // The mutator returns the parsed body, not `{ data, status, headers }`.
          includeHttpResponseReturnType: false,
        },
        query: {
          version: 5,
        },
        // The API's read calls are POSTs with a body (their paths and bodies are the site's wire contract):
        // give them query hooks (cached, refetchable) too.
        operations: Object.fromEntries(
          [
            'getInformation',
            'getInformationClases',
            'getClases',
            'getUserPlanes',
            'planHistory',
            'getUsers',
            'getUser',
            'getUserWhatsApp',
            'getAudit',
            'getPurchases',
            'getDashboard',
            'teachingClasses',
            'getInstructorPay',
            'getMyPay',
            'getInvoices',
            'getUserInvoices',
            'getPurchaseInvoices',
            'previewGlobalInvoice',
            'getMembership',
            'getAdminMemberships',
            'getAdminMembershipDetail',
          ].map((operationId) => [operationId, { query: { useQuery: true, useSuspenseQuery: true, signal: true } }]),
        ),
      },
    },
  },
});
