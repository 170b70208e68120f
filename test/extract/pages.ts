/**
 * Hand-written pages for the baseline extractors' tests, with their right
 * answers: the article paragraphs must be extracted, the menu, footer and
 * sidebar text must not.
 */

export const ARTICLE_PARAGRAPHS = [
  'The river town of Elmsford opened its new footbridge on Saturday morning after three years of planning, two public consultations and a long argument about the colour of the railings, which in the end were painted a dark green that most residents seemed to like.',
  'Engineers said the bridge is built from recycled steel and timber from local forests, and that it was designed to carry cyclists as well as people on foot, with a gentle slope at both ends so that prams and wheelchairs can cross without any difficulty at all.',
  'The mayor thanked the volunteers who raised money for the lighting and said the town would hold a small festival on the bridge every summer, with music, food stalls and a boat race on the river below, starting next year if the weather allows it.',
  'Local shop owners hope the crossing will bring more visitors to the old market square, which has been quiet since the main road was moved away from the centre of town more than ten years ago, and several new cafes have already announced plans to open.',
];

export const MENU_ITEMS = ['Home', 'News', 'Sports', 'Weather', 'Business', 'Culture', 'Travel', 'Contact'];
export const FOOTER_ITEMS = ['About us', 'Privacy policy', 'Terms of use', 'Advertise', 'Jobs', 'Site map'];
export const COPYRIGHT = 'Copyright 2024 Example Media Group';
export const TITLE = 'New footbridge opens in Elmsford';

const menu = MENU_ITEMS.map((m) => `      <li class="menu-item"><a href="/${m.toLowerCase()}">${m}</a></li>`).join('\n');
const footer = FOOTER_ITEMS.map((m) => `      <li class="footer-link"><a href="/${m.toLowerCase().replace(/ /g, '-')}">${m}</a></li>`).join('\n');
const paragraphs = ARTICLE_PARAGRAPHS.map((p) => `      <p>${p}</p>`).join('\n');

/** Menu, an article of four paragraphs, a footer; head, script, style and a comment. */
export const NEWS_PAGE = `<!DOCTYPE html>
<html>
  <head>
    <title>Elmsford Gazette</title>
    <style>body { font-family: serif; } .menu-item { display: inline; }</style>
    <script>var trackingText = "script text must never appear";</script>
  </head>
  <body>
    <div id="header">
      <ul class="menu">
${menu}
      </ul>
    </div>
    <!-- comment text must never appear -->
    <div id="main">
      <div class="article">
      <h1>${TITLE}</h1>
${paragraphs}
      </div>
    </div>
    <div id="footer">
      <ul class="footer-links">
${footer}
      </ul>
      <p class="copyright"><small>${COPYRIGHT}</small></p>
    </div>
  </body>
</html>
`;

/** The same page minified to a single source line. */
export const NEWS_PAGE_ONE_LINE = NEWS_PAGE.replace(/\n\s*/g, '');

export const CHINESE_PARAGRAPHS = [
  '今年春天，这座小城的图书馆完成了扩建工程。新馆增加了两个阅览室和一个儿童活动区，藏书量比过去多了一倍，每天都有很多市民来这里看书学习。',
  '馆长介绍说，扩建资金主要来自市政府和当地企业的捐助。为了方便上班族，图书馆还延长了开放时间，周末晚上也可以借书和还书，受到了读者的欢迎。',
  '一位经常来看书的老人说，他退休以后几乎每天都来这里读报纸，新馆环境安静明亮，座位也比以前多，他觉得这是城里最好的地方之一。',
];
export const CHINESE_MENU = ['首页', '新闻', '体育', '财经', '文化', '旅游', '联系我们'];

/** A Chinese page: menu, three paragraphs, footer links. */
export const CHINESE_PAGE = `<html><head><meta charset="utf-8"><title>小城新闻</title></head>
<body>
<ul>
${CHINESE_MENU.map((m) => `<li><a href="/${encodeURIComponent(m)}">${m}</a></li>`).join('\n')}
</ul>
<div class="content">
${CHINESE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
</div>
<div class="footer"><a href="/about">关于我们</a> <a href="/ads">广告服务</a> <a href="/jobs">招聘信息</a></div>
</body></html>
`;
