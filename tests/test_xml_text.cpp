// xml_text: a local xml literal is checked as PostgreSQL's xml_in checks content
// (2200N with libxml2's first message) and stored as xml_out prints it.
#include <gtest/gtest.h>

#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/xml_text.hpp"

namespace tributary {
namespace {

std::string detail_of(std::string_view text) {
  auto r = read_xml_content(text);
  if (r.ok())
    return "accepted";
  EXPECT_EQ(r.error().sqlstate, "2200N");
  EXPECT_EQ(r.error().message, "invalid XML content");
  return r.error().detail;
}

TEST(XmlText, WellFormedContentIsAcceptedAsWritten) {
  for (const char* ok : {"", "text<b/>more", "<a/><b/>", "<a><![CDATA[<x>]]></a>", "<?pi x?>",
                         "<a>&lt;&#65;&#x41;&gt;&amp;&quot;&apos;</a>", "<!DOCTYPE a><a/>",
                         "<a:b xmlns:a=\"u\" c='1'>x<!-- note --></a:b>", "<a\n  b = \"1\"\n/>"}) {
    auto r = read_xml_content(ok);
    ASSERT_TRUE(r.ok()) << ok << ": " << r.error().detail;
    EXPECT_EQ(*r, ok);
  }
}

TEST(XmlText, MalformedContentIsRefusedWithLibxmlsFirstMessage) {
  EXPECT_EQ(detail_of("<a>"), "line 1: Premature end of data in tag a line 1\n<a>\n   ^");
  EXPECT_EQ(detail_of("<a></b>"), "line 1: Opening and ending tag mismatch: a line 1 and b\n<a></b>\n       ^");
  EXPECT_EQ(detail_of("a & b"), "line 1: xmlParseEntityRef: no name\na & b\n   ^");
  EXPECT_EQ(detail_of("&foo;"), "line 1: Entity 'foo' not defined\n&foo;\n     ^");
  EXPECT_EQ(detail_of("<!-- x"), "line 1: Comment not terminated\n<!-- x\n      ^");
  EXPECT_EQ(detail_of("< a/>"), "line 1: StartTag: invalid element name\n< a/>\n ^");
  EXPECT_EQ(detail_of("<a b=\"1\" b=\"2\"/>"),
            "line 1: Attribute b redefined\n<a b=\"1\" b=\"2\"/>\n              ^");
  EXPECT_EQ(detail_of("</a>"), "line 1: chunk is not well balanced\n</a>\n^");
  EXPECT_EQ(detail_of("<a>]]></a>"), "line 1: Sequence ']]>' not allowed in content\n<a>]]></a>\n   ^");
  EXPECT_EQ(detail_of(" <?xml version=\"1.0\"?><a/>"),
            "line 1: XML declaration allowed only at the start of the document\n"
            " <?xml version=\"1.0\"?><a/>\n      ^");
  EXPECT_EQ(detail_of("<a>--</a><!-- a--b -->"),
            "line 1: Double hyphen within comment: <!-- a\n<a>--</a><!-- a--b -->\n               ^");
  EXPECT_EQ(detail_of("<a>\n<b>\n</a>"),
            "line 3: Opening and ending tag mismatch: b line 2 and a\n</a>\n    ^");
  for (const char* bad : {"<a x=1/>", "<a>&#xZZ;</a>", "<a x='<'/>", "<a>&#0;</a>", "<a", "<a b></a>",
                          "<![CDATA[x", "<?pi", "<a>\x01</a>"})
    EXPECT_NE(detail_of(bad), "accepted") << bad;
}

TEST(XmlText, TheDeclarationIsPrintedAsXmlOutPrintsIt) {
  EXPECT_EQ(*read_xml_content("<?xml version=\"1.0\"?>\n<a/>"), "<a/>");
  EXPECT_EQ(*read_xml_content("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>"), "<a/>");
  EXPECT_EQ(*read_xml_content("<?xml version=\"1.0\" standalone=\"yes\"?><a/>"),
            "<?xml version=\"1.0\" standalone=\"yes\"?><a/>");
  EXPECT_EQ(*read_xml_content("<?xml version=\"1.1\"?><a/>"), "<?xml version=\"1.1\"?><a/>");
}

TEST(XmlText, TheXmlTypeChecksTextInputButNotBinaryInput) {
  const column_type xml = builtin_column_type(142);
  EXPECT_EQ(parse_text_value(xml, "<a>", type_settings{}).error().sqlstate, "2200N");
  EXPECT_TRUE(parse_binary_value(xml, "<a>").ok());  // the publisher's xml_send output
}

}  // namespace
}  // namespace tributary
